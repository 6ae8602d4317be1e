import { ContentBytes } from './pdf-content-bytes';

describe('ContentBytes', () => {
  it('writes one-byte strings, bytes and integers as the bytes of the content', () => {
    const bytes = new ContentBytes();
    expect(bytes.pending).toBe(false);
    bytes.latin1('q BT [(\u0000\u00e9\\()');
    bytes.integer(-220);
    bytes.byte(0x28);
    bytes.integer(7);
    bytes.integer(-3);
    bytes.integer(12345);
    expect(bytes.pending).toBe(true);
    expect([...bytes.take()]).toEqual([...Buffer.from('q BT [(\u0000\u00e9\\()-220(7-312345', 'latin1')]);
    expect(bytes.pending).toBe(false);
  });

  it('hands out views that keep their bytes while more is written, past the end of its buffer', () => {
    const bytes = new ContentBytes();
    const taken: Buffer[] = [];
    const expected: string[] = [];
    // Some megabytes in blocks of uneven length, so blocks straddle the buffer's end.
    for (let block = 0; block < 3_000; block += 1) {
      const text = `${block} `.repeat(1 + (block % 97)) + '\n';
      bytes.latin1(text);
      taken.push(bytes.take());
      expected.push(text);
    }
    expect(taken.map((view) => view.toString('latin1'))).toEqual(expected);
  });

  it('moves a block still being written into the next buffer whole', () => {
    const bytes = new ContentBytes();
    bytes.latin1('x'.repeat(200_000));
    bytes.take();
    bytes.latin1('start ');
    bytes.latin1('y'.repeat(100_000));
    bytes.latin1(' end');
    const block = bytes.take().toString('latin1');
    expect(block).toBe(`start ${'y'.repeat(100_000)} end`);
  });
});
