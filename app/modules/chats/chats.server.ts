/**
 * Transitional. Closing a user's sockets is the realtime module's (`closeUserConnections` in
 * ~/modules/realtime/realtime.server). modules/auth and modules/users, converted on another branch
 * while this moved, still import it from here: point those three imports there and delete this file
 * once that branch has landed.
 */
export { closeUserConnections } from "~/modules/realtime/realtime.server";
