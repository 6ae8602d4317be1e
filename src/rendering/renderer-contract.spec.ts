/**
 * The contract of testing/renderer-contract.ts over the renderers the app
 * serves (the RendererRegistry, built from BUILTIN_RENDERERS): a format listed
 * there is held to it without a line added here.
 */
import { RendererRegistry } from './renderer-registry';
import { describeRendererContract } from './testing/renderer-contract';

describeRendererContract(new RendererRegistry().all());
