/** The button's words, shared by the first-load stand-in and the real button so they read the same. */
export const REMIND_ME = "Remind me before voting closes";
export const REMINDERS_ON = "Reminders on — Stop reminders";
