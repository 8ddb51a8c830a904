/** Before `npm run dev`: the same local database `npm start` uses, migrated and seeded. */
import { ensureDevVars, prepareLocalDatabase } from "./lib/local-db";

ensureDevVars();
await prepareLocalDatabase();
