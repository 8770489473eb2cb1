/** The answer of an operation in app/: 200 unless it creates, named as a component of the front ends' document. */
import { z } from 'zod';

export const answers = <S extends z.ZodType>(name: string, schema: S, status: 200 | 201 = 200) => ({ status, name, schema, description: name });

/** An answer with no body (204): the document names no schema for it, and its route ends with `c.body(null, 204)`. */
export const noContent = (description: string) => ({ status: 204 as const, name: '', schema: z.undefined(), description });
export type NoContent = ReturnType<typeof noContent>;
