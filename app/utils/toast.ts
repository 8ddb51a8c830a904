/**
 * A toast as the flash cookie carries it and the page shows it (docs/product.md#header). Browser
 * code imports the types; toast.server.ts reads and writes the cookie.
 */
import { z } from "zod";
import { createId } from "../../db/id";

export const ToastSchema = z.object({
  id: z.string().default(() => createId(8)),
  type: z.enum(["success", "error", "info", "message"]).default("message"),
  title: z.string().optional(),
  description: z.string(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
