import { describe, expect, it } from 'vitest';
import { createConversionGate, type Admission, type GateTicket } from '../../src/convert/conversion-gate.js';

function ticketOf(admission: Admission): GateTicket {
  if (!admission.ok) throw new Error(`refused: ${admission.limit}`);
  return admission.ticket;
}

describe('createConversionGate', () => {
  it('admits at most maxConcurrentPerKey requests of one key, and others independently', () => {
    const gate = createConversionGate({ maxConcurrentPerKey: 2, maxConcurrent: 10, maxQueued: 10 });
    const first = ticketOf(gate.admit('a'));
    ticketOf(gate.admit('a'));
    expect(gate.admit('a')).toEqual({ ok: false, limit: 'key' });
    ticketOf(gate.admit('b'));
    first.release();
    expect(gate.admit('a').ok).toBe(true);
  });

  it('refuses requests beyond maxConcurrent + maxQueued with the queue limit', () => {
    const gate = createConversionGate({ maxConcurrentPerKey: 10, maxConcurrent: 1, maxQueued: 1 });
    ticketOf(gate.admit('a'));
    const second = ticketOf(gate.admit('b'));
    expect(gate.admit('c')).toEqual({ ok: false, limit: 'queue' });
    second.release();
    expect(gate.admit('c').ok).toBe(true);
  });

  it('starts conversions maxConcurrent at a time, in arrival order', async () => {
    const gate = createConversionGate({ maxConcurrentPerKey: 10, maxConcurrent: 1, maxQueued: 5 });
    const tickets = ['a', 'b', 'c'].map((key) => ticketOf(gate.admit(key)));
    const started: string[] = [];
    const starts = tickets.map((ticket, index) => ticket.start().then(() => started.push(['a', 'b', 'c'][index]!)));
    await starts[0];
    expect(started).toEqual(['a']);
    expect(gate.load).toEqual({ active: 1, waiting: 2 });
    tickets[0]!.release();
    await starts[1];
    expect(started).toEqual(['a', 'b']);
    tickets[1]!.release();
    await starts[2];
    tickets[2]!.release();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('lets an aborted request leave the queue with the signal reason', async () => {
    const gate = createConversionGate({ maxConcurrentPerKey: 10, maxConcurrent: 1, maxQueued: 5 });
    const running = ticketOf(gate.admit('a'));
    await running.start();
    const waiting = ticketOf(gate.admit('b'));
    const controller = new AbortController();
    const start = waiting.start(controller.signal);
    controller.abort(new Error('client gone'));
    await expect(start).rejects.toThrow('client gone');
    waiting.release();
    running.release();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('counts a release only once and frees the key share', async () => {
    const gate = createConversionGate({ maxConcurrentPerKey: 1, maxConcurrent: 1, maxQueued: 0 });
    const ticket = ticketOf(gate.admit('a'));
    await ticket.start();
    ticket.release();
    ticket.release();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
    expect(gate.admit('a').ok).toBe(true);
  });
});
