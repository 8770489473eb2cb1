/** The answer of an operation in app/: 200 unless it creates, named as a component of the front ends' document. */
import type { z } from 'zod';

export const answers = <S extends z.ZodType>(name: string, schema: S, status: 200 | 201 = 200) => ({ status, name, schema, description: name });
