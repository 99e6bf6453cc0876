// A stand-in for the built-in engine's worker, for pool tests: the input text says what to do.
// echo: answer the input; spin: loop forever; exit: end the thread; throw: fail uncaught;
// hog: allocate until the heap limit; wait:N: answer after N ms; fail: answer CONVERT_INPUT_INVALID.
// Tests of timing and order use a fake worker instead (fake-worker.ts).
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
  if (command.startsWith('wait:')) return void setTimeout(answer, Number(command.slice(5)));
});
