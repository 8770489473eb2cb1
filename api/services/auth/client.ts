/** Who is on the other end of a sign-in or security request, as the services need it. */
/** `deviceId`: the browser's long-lived device cookie (http/sign-in.ts makes one when it has none). */
export type Client = { ip: string; userAgent?: string; anonCartToken?: string; deviceId?: string };
