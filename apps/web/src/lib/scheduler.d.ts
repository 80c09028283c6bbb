// The few calls of React's scheduler the app uses (lib/hydration-turns.ts); the package ships no types.
declare module 'scheduler' {
  export interface Task {
    readonly id: number;
  }
  /** A task's work; a function returned is its continuation, run after the scheduler has yielded if time ran out. */
  export type Work = (didTimeout: boolean) => Work | void;
  export const unstable_IdlePriority: 5;
  export function unstable_scheduleCallback(priority: 5, callback: Work): Task;
  export function unstable_cancelCallback(task: Task): void;
}
