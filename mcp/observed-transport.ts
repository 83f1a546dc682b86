import { LRUCache } from 'lru-cache';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { RESPONSE_TOO_LARGE_CODE } from './read-limits.ts';
import type { MessageTooLargeError } from './read-limits.ts';

/** What the session learns from watching the wire. */
export interface TransportObserver {
  /** The server kept working on a request we cancelled (a later progress or result for it). */
  onCancellationIgnored(requestId: RequestId): void;
  /** A transport-level fault (stream dropped, write failed); the peer may be gone. */
  onTransportError(error: Error): void;
}

/**
 * Wraps a client transport to see both directions of the wire. The SDK gives no hook
 * for "a cancelled request is still running", so we record every `notifications/cancelled`
 * we send and flag any progress or response for that id arriving after `graceMs`
 * (messages already in flight when we cancelled are not the server's fault).
 * The SDK uses the request id as progress token, so one id covers both.
 */
export class ObservedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  // Bounded: a long-lived session cancelling many calls must not grow without end.
  private readonly cancelledAt = new LRUCache<string, number>({ max: 1000 });
  /** Requests sent and not yet answered, by id as text: what an oversized message may have answered. */
  // Bounded too: a request that is never answered must not stay forever (a cancel also removes it).
  private readonly pending = new LRUCache<string, RequestId>({ max: 10_000 });

  constructor(
    readonly inner: Transport,
    private readonly observer: TransportObserver,
    private readonly graceMs: number,
  ) {
    // Responses and close are delivered one macrotask late. The SDK runs notification
    // handlers a microtask after arrival but settles responses at once, so a tool's last
    // progress notification, arriving in the same chunk as its result, used to find its
    // handler already gone and be dropped (2 of 3 progress events). Close follows the same
    // queue so a result written just before the process exits still wins over "closed".
    inner.onclose = () => setImmediate(() => this.onclose?.());
    inner.onerror = (error) => {
      this.observer.onTransportError(error);
      this.onerror?.(error);
    };
    inner.onmessage = (message, extra) => {
      this.inspect(message);
      if ('id' in message && !('method' in message)) this.pending.delete(String(message.id));
      if ('id' in message && !('method' in message)) setImmediate(() => this.onmessage?.(message, extra));
      else this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) {
        this.cancelledAt.set(String(requestId), Date.now());
        this.pending.delete(String(requestId));
      }
    }
    if ('method' in message && 'id' in message) this.pending.set(String(message.id), message.id);
    return this.inner.send(message, options);
  }

  /**
   * A transport stopped reading a message past its size cap (read-limits.ts): the requests it
   * may have answered (`ids`, or every one in flight when the transport cannot tell) get an
   * error response from us now, so the SDK rejects them at once instead of at their deadline.
   */
  failPending(ids: Array<string | number> | undefined, error: MessageTooLargeError): void {
    const keys = ids ? ids.map(String) : [...this.pending.keys()];
    for (const key of keys) {
      const id = this.pending.get(key);
      if (id === undefined) continue;
      this.pending.delete(key);
      this.onmessage?.({ jsonrpc: '2.0', id, error: { code: RESPONSE_TOO_LARGE_CODE, message: error.message } });
    }
  }

  private inspect(message: JSONRPCMessage): void {
    if (this.cancelledAt.size === 0) return;
    let id: string | undefined;
    if ('id' in message && !('method' in message)) id = String(message.id);
    else if ('method' in message && message.method === 'notifications/progress') {
      const token = (message.params as { progressToken?: unknown } | undefined)?.progressToken;
      if (token !== undefined) id = String(token);
    }
    if (id === undefined) return;
    const at = this.cancelledAt.get(id);
    if (at === undefined || Date.now() - at < this.graceMs) return;
    this.cancelledAt.delete(id);
    this.observer.onCancellationIgnored(id);
  }
}
