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
  /**
   * The form a refusal belongs to (a plain post to a resource route such as /comments, without
   * JavaScript): that form shows it beside itself and stays open, instead of the page's banner.
   */
  formId: z.string().max(100).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;
