/**
 * The typed client: every call to our API names an operation of the front ends' OpenAPI document
 * (api/openapi/app-document.ts) by path and verb, and takes its parameters, body and answer from the types
 * openapi-typescript generated of it (api/contract/api-paths.d.ts). A field renamed in a response schema therefore
 * fails `tsc` at each call site that reads it.
 *
 *   const domain = await apiClient.PATCH('/domains/{id}', { params: { path: { id } }, body: { autoRenewEnabled }, toast: false });
 *   const { data } = useApi(apiKey('/dnsRecords', { params: { query: { domainId } } }));
 *
 * openapi-fetch's types and its path and query serialisers build each call; the kit's one fetch (`send` in api.ts)
 * sends it, so every call keeps the kit's rules: /api, credentials, JSON, toasts, `ApiFailure` (`isFailure`).
 */
import {
  type Client,
  type ClientPathsWithMethod,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type FetchResponse,
  type ParamsOption,
  type RequestBodyOption,
} from 'openapi-fetch';
import type { paths } from '../../api/contract/api-paths.d.ts';
import { type ApiFailure, type ApiMethod, send, underApi } from './api.ts';

type Verb = 'get' | 'post' | 'patch' | 'delete';

/** The document's paths that have an operation for the verb (`/domains/{id}` for 'patch'). */
export type ApiPath<V extends Verb> = ClientPathsWithMethod<Client<paths>, V>;
type Operation<P extends keyof paths, V extends Verb> = paths[P][V] & Record<string | number, any>;

/** What a call answers when it succeeds: the operation's 2xx body, as the document's response schema gives it. */
export type ApiAnswer<P extends keyof paths, V extends Verb> = NonNullable<FetchResponse<Operation<P, V>, unknown, `${string}/${string}`>['data']>;

/**
 * A call's parameters (`params: { path, query }`) and body, as its operation takes them, and the kit's options; `form`
 * sends a multipart body (a file upload) instead, which its operation's JSON body describes field for field.
 */
export type ApiInit<P extends keyof paths, V extends Verb> = ParamsOption<Operation<P, V>> & { toast?: boolean; signal?: AbortSignal } & (
    | RequestBodyOption<Operation<P, V>>
    | { form: FormData; body?: never }
  );
/** The init argument is optional when nothing in it is required. */
type InitArgs<I> = Partial<I> extends I ? [init?: I] : [init: I];

type Params = { path?: Record<string, unknown>; query?: Record<string, unknown> };
const serializeQuery = createQuerySerializer();
const urlOf = (baseUrl: string, path: string, params: Params | undefined) =>
  createFinalURL(path, { baseUrl, params: params ?? {}, querySerializer: serializeQuery, pathSerializer: defaultPathSerializer });

function verb<V extends Verb>(method: V) {
  return <P extends ApiPath<V>>(path: P, ...[init]: InitArgs<ApiInit<P, V>>): Promise<ApiAnswer<P, V> | ApiFailure> => {
    const { params, body, form, toast, signal } = (init ?? {}) as { params?: Params; body?: unknown; form?: FormData; toast?: boolean; signal?: AbortSignal };
    return send(urlOf('/api', path, params), { method: method.toUpperCase() as ApiMethod, body, form, toast, signal });
  };
}

export const apiClient = { GET: verb('get'), POST: verb('post'), PATCH: verb('patch'), DELETE: verb('delete') };

declare const answerType: unique symbol;
/** An SWR key: the GET's URL under /api (as the keys were before, so `mutate(key)` still finds it), carrying its answer's type. */
export type ApiKey<T> = string & { readonly [answerType]?: T };

/** The SWR key of a GET, typed by its operation: `useApi(apiKey('/accounts/0'))` reads an `Account`. */
export function apiKey<P extends ApiPath<'get'>>(path: P, ...[init]: InitArgs<ParamsOption<Operation<P, 'get'>>>): ApiKey<ApiAnswer<P, 'get'>> {
  return urlOf('', path, (init as { params?: Params } | undefined)?.params);
}

/** The SWR fetchers' one read: the GET a key stands for (a key not yet made by `apiKey` is a path under /api too). */
export function readKey<T>(key: ApiKey<T> | string, options: { toast?: boolean } = {}): Promise<T | ApiFailure> {
  return send<T>(underApi(key), options);
}
