/** Any RFC 4122 UUID, whatever its version nibble (CONTRACT §1: the real service's examples are version 1). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UUID in canonical lower case, or undefined when the text is not one (a lookup that can only miss). */
export function uuidOrUndefined(value: string | undefined): string | undefined {
  return value && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;
}
