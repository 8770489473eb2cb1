/** EPP failures: a refusal with its result code worded for people, a dropped connection, and a command left unanswered. */
import { childOf, childrenOf, ns, pathOf, textOf, type XmlElement } from './epp-xml.ts';

export type EppResponse = {
  code: number;
  message: string;
  /** The server's extValue reason, when it explains a failure. */
  reason?: string;
  resData?: XmlElement;
  extension?: XmlElement;
  /** RFC 5730 §2.6 message queue state: the message a poll returned (id, qDate, msg), or how many are waiting. */
  msgQ?: XmlElement;
  clTRID?: string;
  svTRID?: string;
};

/** RFC 5730 §3 result codes, worded for people reading an error toast or a log. */
const resultMessages: Record<number, string> = {
  2000: 'unknown command',
  2001: 'command syntax error',
  2002: 'command use error',
  2003: 'required parameter missing',
  2004: 'parameter value out of range',
  2005: 'parameter value syntax error',
  2100: 'unimplemented protocol version',
  2101: 'unimplemented command',
  2102: 'unimplemented option',
  2103: 'unimplemented extension',
  2104: 'billing failure (the registrar account may be out of funds)',
  2105: 'the domain is not eligible for renewal',
  2106: 'the domain is not eligible for transfer',
  2200: 'the registry rejected our login',
  2201: 'not authorised (the domain belongs to another registrar or the auth code is wrong)',
  2202: 'invalid authorisation information (wrong auth code)',
  2300: 'a transfer is already pending',
  2301: 'no transfer is pending',
  2302: 'it already exists at the registry',
  2303: 'it does not exist at the registry',
  2304: 'its status prohibits this operation (it may be locked)',
  2305: 'it is still associated with other objects',
  2306: 'the registry policy refuses this value',
  2307: 'the registry does not offer this object service',
  2308: 'the registry data policy refuses this change',
  2400: 'the registry command failed',
  2500: 'the registry command failed and it closed the connection',
  2501: 'authentication error; the registry closed the connection',
  2502: 'session limit exceeded; the registry closed the connection',
};

export class EppError extends Error {
  /** The EPP result code, or null when the failure is local (timeout, dropped connection, protocol). */
  readonly code: number | null;
  readonly response?: EppResponse;
  constructor(message: string, code: number | null = null, response?: EppResponse) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.response = response;
  }

  /** An error whose message says what failed, why in plain words, and the registry's own code and text. */
  static fromResponse(what: string, response: EppResponse): EppError {
    const plain = resultMessages[response.code] ?? 'the registry refused the command';
    const detail = [response.message, response.reason].filter(Boolean).join(': ');
    return new EppError(`${what}: ${plain} (EPP ${response.code}${detail ? ` ${detail}` : ''})`, response.code, response);
  }
}

/** The connection dropped (or was never made) before an answer came. */
export class EppConnectionError extends EppError {}

/**
 * The command went out and no usable answer came back (timeout, dropped connection, unreadable answer): the registry
 * may or may not have carried it out. `dropped` says the connection closed (a query may be sent again on a new one).
 */
export class EppNoAnswerError extends EppError {
  constructor(
    message: string,
    readonly dropped: boolean,
  ) {
    super(message);
  }
}

/** A queued query whose caller stopped waiting (its signal aborted) before it was sent: nothing went to the registry. */
export class EppCancelledError extends Error {
  constructor() {
    super('Cancelled before it was sent');
    this.name = 'EppCancelledError';
  }
}

/** The <response> of a frame: its result code and words, data and extension, queue and transaction ids. */
export function readResponse(root: XmlElement): EppResponse | null {
  const response = childOf(root, ns.epp, 'response');
  if (!response) return null;
  const result = childOf(response, ns.epp, 'result');
  const reason = childrenOf(result, ns.epp, 'extValue')
    .map((value) => textOf(value, ns.epp, 'reason'))
    .filter(Boolean)
    .join('; ');
  return {
    code: Number(result?.attrs.code ?? 2400),
    message: textOf(result, ns.epp, 'msg') ?? '',
    reason: reason || undefined,
    resData: childOf(response, ns.epp, 'resData'),
    extension: childOf(response, ns.epp, 'extension'),
    msgQ: childOf(response, ns.epp, 'msgQ'),
    clTRID: pathOf(response, [ns.epp, 'trID'], [ns.epp, 'clTRID'])?.text,
    svTRID: pathOf(response, [ns.epp, 'trID'], [ns.epp, 'svTRID'])?.text,
  };
}
