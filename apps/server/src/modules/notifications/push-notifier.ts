/**
 * What pool mail jobs and the chat use to reach a member's devices. The Web Push implementation checks the
 * member's opt-in for the kind and sends to each of their subscribed devices; without VAPID keys configured,
 * nothing is sent.
 */
export type PushKind = 'pick_reminder' | 'pool_results' | 'chat_mention';

export interface PushMessage {
  title: string;
  body: string;
  /** The app address a tap on the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

export interface PushNotifier {
  /** Sends to every device of the member who opted in to this kind; never throws for a failed delivery. */
  notify(userId: number, kind: PushKind, message: PushMessage): Promise<void>;
}

export const noPushNotifier: PushNotifier = {
  async notify() {},
};
