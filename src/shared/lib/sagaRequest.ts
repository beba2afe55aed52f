import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { putResolve } from 'redux-saga/effects';

/** What a request made from a saga ended with: the endpoint's data, or the error (RTK Query's or a thrown one). */
export type Outcome<T> = { data: T } | { error: unknown };

/** An RTK Query request as dispatched: `api.endpoints.x.initiate(arg, options)`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any store state and thunk extra
export type RequestThunk = ThunkAction<PromiseLike<unknown>, any, any, UnknownAction>;

/**
 * Runs an RTK Query request from a saga and waits for it (`putResolve`): `{ data }` on success, else `{ error }` —
 * the query's or mutation's error, or what the dispatch threw. Query results (which carry both fields) are folded
 * into the same shape. Sagas decide what happens next (docs/architecture.md "Sagas").
 */
export function* sagaRequest<T>(request: RequestThunk): SagaIterator<Outcome<T>> {
  try {
    const result: unknown = yield putResolve(request);
    const settled = (result ?? {}) as { data?: T; error?: unknown };
    if (settled.error !== undefined) return { error: settled.error };
    return { data: settled.data as T };
  } catch (error) {
    return { error };
  }
}
