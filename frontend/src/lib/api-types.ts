// Helpers that read request and response shapes out of the generated OpenAPI types, so that
// every call is typed by the contract (src/types/api.ts) and never by a hand-written copy.
import type { components, paths } from '@/types/api';

export type Schemas = components['schemas'];
export type User = Schemas['User'];

type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON body of the 200 (or 201) answer of an operation. */
export type SuccessOf<Op> = Op extends { responses: infer R }
  ? R extends { 200: infer Ok }
    ? Json<Ok>
    : R extends { 201: infer Created }
      ? Json<Created>
      : never
  : never;

/** The JSON request body of an operation. */
export type BodyOf<Op> = Op extends { requestBody?: infer B }
  ? Json<NonNullable<B>>
  : never;

type PathsWith<M extends string> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

export type GetPath = PathsWith<'get'>;
export type PostPath = PathsWith<'post'>;

export type GetResponse<P extends GetPath> = SuccessOf<paths[P]['get']>;
export type PostBody<P extends PostPath> = BodyOf<paths[P]['post']>;
