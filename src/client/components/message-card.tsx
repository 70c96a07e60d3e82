import { Card, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";

/** A screen-level state card: an error (announced, red edge) or an empty list. */
export function MessageCard({
  title,
  text,
  alert = false,
}: {
  title: string;
  text: string;
  alert?: boolean;
}) {
  return (
    <Card
      role={alert ? "alert" : undefined}
      className={alert ? "border-l-[12px] border-l-nes-red" : undefined}
    >
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="text-ink">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
