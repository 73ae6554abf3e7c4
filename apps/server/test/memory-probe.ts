import v8 from 'node:v8';
import vm from 'node:vm';
import { sampleMp4 } from './fixtures/upload-files';

/**
 * Memory held while work runs, for the tests that prove a large file is streamed and not held: each sample is
 * taken after two collections, so it counts what is held, not garbage waiting for the collector.
 */

export const MB = 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Heap and buffers held: measured after two collections, the buffers' memory being released after the first. */
async function heldNow() {
  collect();
  await pause(5);
  collect();
  const now = process.memoryUsage();
  return { held: now.heapUsed + now.arrayBuffers, rss: now.rss };
}

/** The highest growth over the start while `work` runs, sampled every 200 ms: the memory held, and the RSS. */
export async function peakGrowth(work: () => Promise<void>) {
  const start = await heldNow();
  let rss = 0;
  let held = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      await pause(200);
      const now = await heldNow();
      rss = Math.max(rss, now.rss - start.rss);
      held = Math.max(held, now.held - start.held);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await sampler;
  }
  return { rssMb: rss / MB, heldMb: held / MB };
}

/** The bytes of a video of `size` bytes (an mp4's `ftyp` box, then filler), 1 MB at a time, made as they are sent. */
export function* videoBytes(size: number) {
  const head = sampleMp4();
  yield head;
  const filler = Buffer.alloc(MB, 0x5a);
  for (let sent = head.length; sent < size; sent += MB) yield filler.subarray(0, Math.min(MB, size - sent));
}
