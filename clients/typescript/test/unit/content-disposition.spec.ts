import { fileNameFromContentDisposition } from '../../src/download';

/** The download's file name, as the service writes Content-Disposition (src/rendering/book-file-name.ts). */
describe('fileNameFromContentDisposition', () => {
  it.each([
    [`attachment; filename="The_Lighthouse.md"; filename*=UTF-8''The%20Lighthouse.md`, 'The Lighthouse.md'],
    [`attachment; filename="Le_phare.epub"; filename*=UTF-8''Le%20phare%20%C3%A9trange.epub`, 'Le phare étrange.epub'],
    ['attachment; filename="plain \\"quoted\\".txt"', 'plain "quoted".txt'],
    ['attachment; filename=token.pdf', 'token.pdf'],
    [`attachment; FILENAME*=utf-8'en'caf%C3%A9.txt`, 'café.txt'],
    // A charset the client does not decode, or a broken encoding: the plain name.
    [`attachment; filename="fallback.txt"; filename*=ISO-8859-1''caf%E9.txt`, 'fallback.txt'],
    [`attachment; filename="fallback.txt"; filename*=UTF-8''%E0%A4%A.txt`, 'fallback.txt'],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('keeps a hostile name inside the caller’s directory', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe(
      '.._.._etc_passwd',
    );
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\evil\\\\x.txt"')).toBe('C:_evil_x.txt');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });

  it('is null without a header or a file name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('inline')).toBeNull();
  });
});
