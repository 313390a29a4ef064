/** A handler's answer when it is not a plain 200: status, JSON body and headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const created = (body: unknown, headers?: Record<string, string>) => new Reply(201, body, headers);
/** Spec: 202 acknowledgements carry a JSON body (the SDK cannot parse an empty one). */
export const accepted = (body: unknown = { code: 202, status: "Accepted" }) => new Reply(202, body);
/** Spec: a request that changes nothing (e.g. a second IBAN request) is 304, which HTTP sends without a body. */
export const notModified = () => new Reply(304, undefined);
