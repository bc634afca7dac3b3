import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ChangeEvent } from '@kobo/core';

/** What a listener hears: a committed change, or `ready` after each (re)connection. */
export type LiveSignal = ChangeEvent['type'] | 'ready';
type Listener = (signal: LiveSignal) => void;
export type LiveQueryKeys = Partial<Record<ChangeEvent['type'], readonly QueryKey[]>>;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

/**
 * One EventSource on /api/events for the whole tab, however many screens listen: a browser allows
 * only six HTTP/1.1 connections to one origin, and every open stream holds one. It opens with the
 * first listener and closes with the last. EventSource reconnects by itself after a drop or when
 * the server recycles the stream; each reconnection starts with `ready`.
 */
function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) {
    source = new EventSource('/api/events');
    source.addEventListener('ready', () => emit('ready'));
    source.addEventListener('message', (message: MessageEvent<string>) => {
      const type = changeTypeOf(message.data);
      if (type) emit(type);
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

function emit(signal: LiveSignal) {
  for (const listener of listeners) listener(signal);
}

function changeTypeOf(data: string): ChangeEvent['type'] | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && 'type' in parsed) {
      if (parsed.type === 'categories' || parsed.type === 'expenses') return parsed.type;
    }
  } catch {
    // Not ours (a proxy's keep-alive, say): ignore it.
  }
  return null;
}

/**
 * Keeps the named cached answers fresh while the screen is open (DECISIONS "live data"): a change
 * of that kind marks them stale, so react-query refetches the ones on screen. `ready` refetches
 * them all, since something may have changed while the stream was down. Pass a constant (defined
 * outside the component): a new object each render would resubscribe each render.
 */
export function useLiveQueries(keysByChange: LiveQueryKeys) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe((signal) => {
        const keys = signal === 'ready' ? Object.values(keysByChange).flat() : (keysByChange[signal] ?? []);
        // Once each: invalidating a query twice would cancel its first refetch for a second one.
        const unique = new Map(keys.map((queryKey) => [JSON.stringify(queryKey), queryKey]));
        for (const queryKey of unique.values()) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient, keysByChange],
  );
}
