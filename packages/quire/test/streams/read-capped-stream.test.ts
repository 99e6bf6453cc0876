import { describe, expect, it } from 'vitest';
import { readCappedStream } from '../../src/streams/read-capped-stream.js';

function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
    cancel: onCancel,
  });
}

describe('readCappedStream', () => {
  it('joins the chunks of a stream within the cap', async () => {
    const bytes = await readCappedStream(streamOf([new Uint8Array([1, 2]), new Uint8Array([3])]), 3, () => new Error('too large'));
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  it('cancels the stream and throws the given error as soon as the cap is passed', async () => {
    let cancelled = false;
    const chunks = [new Uint8Array(4), new Uint8Array(4), new Uint8Array(4)];
    const received: number[] = [];
    const error = await readCappedStream(streamOf(chunks, () => void (cancelled = true)), 6, (bytes) => {
      received.push(bytes);
      return new RangeError('over the cap');
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect(received).toEqual([8]);
    expect(cancelled).toBe(true);
  });
});
