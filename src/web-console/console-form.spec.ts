import { formField, formFields, parseFormBody } from './console-form';

describe('console forms', () => {
  it('reads urlencoded fields, a repeated field as its values in order', () => {
    const body = parseFormBody('name=Acme+Books&tag=a&tag=b&empty=&caf%C3%A9=cr%C3%A8me');
    expect(formField(body, 'name')).toBe('Acme Books');
    expect(formFields(body, 'tag')).toEqual(['a', 'b']);
    expect(formField(body, 'tag')).toBe('b');
    expect(formField(body, 'empty')).toBe('');
    expect(formField(body, 'café')).toBe('crème');
    expect(formField(body, 'missing')).toBe('');
  });

  it('keeps __proto__ and constructor as plain fields', () => {
    const body = parseFormBody('__proto__=x&constructor=y');
    expect(formField(body, '__proto__')).toBe('x');
    expect(formField(body, 'constructor')).toBe('y');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(formField(undefined, 'x')).toBe('');
  });
});
