// The image's environment: each VROUTER_* variable stands for one flag of `vrouter`. They go
// before the arguments, so that an argument given wins over the environment (the last of two
// same flags is the one kept), as docker users expect of an image's environment and command.

/** Variable -> the flag it gives. */
export const ENV_FLAGS: Readonly<Record<string, string>> = {
  VROUTER_BOARD: '--board',
  VROUTER_ROS_VERSION: '--ros-version',
  VROUTER_PACKAGES: '--packages',
  VROUTER_ADMIN_PASSWORD: '--admin-password',
  VROUTER_STARTUP_CONFIG: '--startup-config',
  VROUTER_DATA_DIR: '--data-dir',
  VROUTER_LISTEN: '--listen',
};

/** The flags the environment gives (a variable set to nothing gives none). */
export function environmentFlags(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(ENV_FLAGS).flatMap(([name, flag]) => (env[name] ? [`${flag}=${env[name]}`] : []));
}
