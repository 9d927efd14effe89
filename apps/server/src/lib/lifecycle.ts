/**
 * Where this instance is in its life, for the load balancer: once asked to stop (SIGTERM) it is draining,
 * readiness answers `503 draining`, and it finishes what it has before it exits (main.ts).
 */
export interface InstanceLifecycle {
  draining: boolean;
}

export function runningLifecycle(): InstanceLifecycle {
  return { draining: false };
}

/** The WebSocket close code that tells a client the server is restarting: connect again, elsewhere (RFC 6455, 1012). */
export const SERVICE_RESTART = 1012;
