import { z } from "zod";
import { SecurityResetInputSchema } from "@/common/admin";

export const SECURITY_RESET_MESSAGES = {
  adminMismatch: "Admin passwords do not match.",
  staffMismatch: "Staff passwords do not match.",
} as const;

/**
 * The security reset form: the two new passwords with the shared rules (at least 8: "Passwords must be at
 * least 8 characters long.") and their confirmations, which must match (spec section 5).
 */
export const SecurityResetFormSchema = z
  .object({
    currentPassword: SecurityResetInputSchema.shape.currentPassword,
    newAdminPassword: SecurityResetInputSchema.shape.newAdminPassword,
    confirmAdminPassword: z.string(),
    newStaffPassword: SecurityResetInputSchema.shape.newStaffPassword,
    confirmStaffPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.newAdminPassword !== values.confirmAdminPassword)
      ctx.addIssue({
        code: "custom",
        message: SECURITY_RESET_MESSAGES.adminMismatch,
        path: ["confirmAdminPassword"],
      });
    if (values.newStaffPassword !== values.confirmStaffPassword)
      ctx.addIssue({
        code: "custom",
        message: SECURITY_RESET_MESSAGES.staffMismatch,
        path: ["confirmStaffPassword"],
      });
  });
export type SecurityResetFormValues = z.infer<typeof SecurityResetFormSchema>;
