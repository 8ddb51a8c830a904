import { AuthenticatedRoom } from "./authenticated-room";

/** One room per user (room name = user id): unread state and new-message notifications on every page. */
export class UserNotifications extends AuthenticatedRoom {}
