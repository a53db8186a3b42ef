/**
 * Realtime events from the API to the signed-in staff of a business. The HTTP server plugs its
 * socket.io emitter in (server/realtime.ts); without one (tests, scripts) events go nowhere.
 * Publish after the transaction commits: staff must never be told about an order they cannot open.
 */
type Emitter = (businessId: number, event: string, payload: unknown) => void;

let emitter: Emitter | undefined;

export function setEmitter(e: Emitter | undefined) {
  emitter = e;
}

export function publish(businessId: number, event: string, payload: unknown) {
  emitter?.(businessId, event, payload);
}
