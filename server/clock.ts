/** Time is injected so tests can move it (token expiry, retry schedules) without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
