import { lessonExtrasStep } from './lesson-extras.step';

describe('lessonExtrasStep', () => {
  it('sets key points, exercises and glossary entries without Markdown emphasis, keeping code and arithmetic', () => {
    const read = lessonExtrasStep.read({
      key_points: ['**Ice floats** because water *expands* as it freezes.'],
      exercises: [{ question: 'What is 5 * 3?', answer: '**15**: multiply the _two_ numbers.' }],
      glossary: [{ term: '*Density*', definition: 'Mass per volume; see __init__ and max_depth in the code.' }],
    });
    expect(read).toEqual({
      value: [
        { kind: 'key_point', text: 'Ice floats because water expands as it freezes.' },
        { kind: 'exercise', question: 'What is 5 * 3?', answer: '15: multiply the two numbers.' },
        {
          kind: 'glossary_entry',
          term: 'Density',
          definition: 'Mass per volume; see __init__ and max_depth in the code.',
        },
      ],
    });
  });
});
