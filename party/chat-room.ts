import { AuthenticatedRoom } from "./authenticated-room";

/** One room per chat (room name = chat id): message fan-out, typing and read marks. */
export class ChatRoom extends AuthenticatedRoom {}
