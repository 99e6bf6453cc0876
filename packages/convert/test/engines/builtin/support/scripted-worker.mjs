// A stand-in for the built-in engine's worker, for pool tests: the input text says what to do.
// echo: answer the input; spin: loop forever; exit: end the thread; throw: fail uncaught;
// hog: allocate until the heap limit; wait:N: answer after N ms with the busy interval;
// fail: answer CONVERT_INPUT_INVALID.
import { performance } from 'node:perf_hooks';
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', (task) => {
  const command = new TextDecoder().decode(task.input);
  const answer = () => parentPort.postMessage({ id: task.id, ok: true, bytes: task.input, warnings: [`thread ${threadId}`] });
  if (command === 'echo') return answer();
  if (command === 'spin') for (;;);
  if (command === 'exit') process.exit(3);
  if (command === 'throw') throw new Error('scripted failure');
  if (command === 'fail') return parentPort.postMessage({ id: task.id, ok: false, code: 'CONVERT_INPUT_INVALID', message: 'scripted refusal' });
  if (command === 'hog') {
    const hoard = [];
    for (;;) hoard.push(new Array(100_000).fill({ command }));
  }
  if (command.startsWith('wait:')) {
    // Also reports when it was busy (epoch ms, comparable across threads) so tests can check overlap.
    const start = performance.timeOrigin + performance.now();
    return void setTimeout(() => {
      const end = performance.timeOrigin + performance.now();
      parentPort.postMessage({ id: task.id, ok: true, bytes: task.input, warnings: [`thread ${threadId}`, JSON.stringify({ start, end })] });
    }, Number(command.slice(5)));
  }
});
