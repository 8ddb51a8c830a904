/**
 * The entities the OpenAPI document names (its `components.schemas`), each with what it is: the
 * modules' own zod schemas, given an id in zod's registry here, on the server, so the browser's
 * copies of the shared schemas carry no reference text. zod's JSON Schema output then refers to
 * each by name (app/http/openapi.server.ts keeps them once), and a generated client gets a type
 * per entity. The export's sections are named where they are declared (m/users/my-data-export.ts).
 */
import { z } from "zod";
import { ApiApplicationSchema, NewApplicationSchema } from "~/modules/applications/present";
import { StatusUpdateSchema } from "~/modules/applications/status";
import { ApiUserSchema } from "~/modules/auth/present";
import { ApiCardSchema } from "~/modules/cards/present";
import { ChatDetailSchema, ChatSummarySchema, RecipientSchema } from "~/modules/chats/present";
import { ApiCommentSchema } from "~/modules/comments/thread";
import { OutcomeEntrySchema, OutcomeSchema, OutcomeStepSchema } from "~/modules/outcomes/steps";
import { ChatMessageSchema } from "~/modules/realtime/protocol";
import { ApiReferralSchema } from "~/modules/referrals/present";
import { ReportSchema } from "~/modules/reports/schemas";
import { ApiOwnUserSchema, ApiProfileSchema, PrivacySettingsSchema } from "~/modules/users/present";

const NAMED: [z.core.$ZodType, string, string][] = [
  [ApiUserSchema, "User", "A member as a session knows them (the spec's User)"],
  [
    ApiOwnUserSchema,
    "OwnUser",
    "The signed-in member as they see themselves: the User with their profile and settings",
  ],
  [PrivacySettingsSchema, "PrivacySettings", "What a member shows to others"],
  [ApiProfileSchema, "Profile", "A member's public profile, masked by their privacy switches"],
  [ApiCardSchema, "Card", "A credit card of the catalogue"],
  [ApiReferralSchema, "Referral", "A referral link with its card, its referrer (masked by privacy) and its people"],
  [ApiApplicationSchema, "Application", "An application through a referral, names masked for the viewer"],
  [NewApplicationSchema, "NewApplication", "The application an apply call just recorded (ids only)"],
  [
    ApiApplicationSchema.shape.status,
    "ApplicationStatus",
    "An application's status as it reads. The applicant writes only ApplicationStatusWrite's values " +
      "(PUT /api/applications/card-apply/{id}); the other values are on older records: no client writes them.",
  ],
  [
    StatusUpdateSchema.shape.status,
    "ApplicationStatusWrite",
    "The statuses an applicant may set on their application (a subset of ApplicationStatus)",
  ],
  [OutcomeSchema, "Outcome", "An application's outcome: its steps, oldest first, and whether a dispute is open"],
  [OutcomeEntrySchema, "OutcomeStep", "One recorded step of an application's outcome"],
  [OutcomeStepSchema, "NewOutcomeStep", "A step to record: which one, and what it carries"],
  [ApiCommentSchema, "Comment", "A review of a referral, a referrer's reply or a follow-up"],
  [ChatSummarySchema, "Chat", "A chat as the chat list shows it"],
  [ChatDetailSchema, "ChatDetail", "An open chat: its list entry and a page of its messages, oldest first"],
  [ChatMessageSchema, "Message", "A chat message"],
  [RecipientSchema, "Recipient", "A member one may start a chat with"],
  [ReportSchema, "Report", "A report of a referral, a member or a message"],
];

let named = false;

/** Gives the entities their names in zod's registry (once; before the document is generated). */
export function nameApiSchemas() {
  if (named) return;
  named = true;
  for (const [schema, id, description] of NAMED) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id, description });
  }
}
