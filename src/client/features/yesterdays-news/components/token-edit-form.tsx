import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangeEvent, useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TokenImage } from "@/client/components/token-image";
import { Button } from "@/client/components/ui/button";
import { describedBy, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { errorDetail } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { useUploadImage } from "@/client/lib/use-upload-image";
import { TokenEditInputSchema } from "@/common/admin";
import type { Headline } from "@/common/headline";
import { checkImageFile } from "@/common/image-file-check";
import { IMAGE_ACCEPT } from "@/common/submission-rules";
import { useUpdateToken } from "../api/use-update-token";

type TokenEditValues = z.input<typeof TokenEditInputSchema>;

export interface TokenEditFormProps {
  token: Headline;
  /** Leaves edit mode: after Cancel, or after a successful Save. */
  onDone: () => void;
}

/**
 * The inline edit of a token card (staff only): name, symbol, image and description. An image is uploaded
 * as soon as it is chosen, and only its URL is saved with the form.
 */
export function TokenEditForm({ token, onDone }: TokenEditFormProps) {
  const id = useId();
  const update = useUpdateToken();
  const upload = useUploadImage();
  const form = useForm<TokenEditValues, unknown, z.output<typeof TokenEditInputSchema>>({
    resolver: zodResolver(TokenEditInputSchema),
    defaultValues: {
      title: token.title,
      symbol: token.symbol ?? "",
      imageUrl: token.imageUrl ?? "",
      description: token.description,
    },
  });
  const { errors } = form.formState;
  const imageUrl = form.watch("imageUrl");
  const { setFocus } = form;

  // Opening the form puts the cursor in its first field.
  useEffect(() => setFocus("title"), [setFocus]);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing the picker lets the same file be chosen again after a failure.
    input.value = "";
    // One upload at a time: the picker stays enabled (disabling it would drop the keyboard focus).
    if (!file || upload.isPending) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({ variant: "destructive", title: problem.toastTitle, description: problem.toastDescription });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ imageUrl: uploaded }) => {
        form.setValue("imageUrl", uploaded, { shouldDirty: true });
        toast({ title: "Image uploaded", description: "Token image has been uploaded successfully." });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Upload failed",
          description: errorDetail(error, "Failed to upload image"),
        }),
    });
  }

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { id: token.id, input: values },
      {
        onSuccess: () => {
          toast({
            title: "Token updated",
            description: "The token information has been successfully updated.",
          });
          onDone();
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Update failed",
            description: errorDetail(error, "Failed to update token information"),
          }),
      },
    );
  });

  const ids = {
    title: `${id}-title`,
    symbol: `${id}-symbol`,
    image: `${id}-image`,
    description: `${id}-description`,
  };
  const imageHint = "JPG, PNG, WebP or GIF, up to 5 MB.";

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit ${token.symbol || token.title}`}
      className="flex flex-col gap-4"
    >
      <FormField id={ids.title} label="Token Name" error={errors.title?.message}>
        <Input
          id={ids.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(ids.title, { error: errors.title?.message })}
          {...form.register("title")}
        />
      </FormField>
      <FormField id={ids.symbol} label="Token Symbol" error={errors.symbol?.message}>
        <Input
          id={ids.symbol}
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={errors.symbol ? true : undefined}
          aria-describedby={describedBy(ids.symbol, { error: errors.symbol?.message })}
          {...form.register("symbol")}
        />
      </FormField>
      <FormField id={ids.image} label="Token Image" hint={imageHint} error={errors.imageUrl?.message}>
        <div className="flex items-center gap-3">
          <TokenImage
            item={{ ...token, imageUrl: imageUrl || null }}
            alt="Token image preview"
            width={64}
            height={64}
            className="size-16 shrink-0 overflow-hidden border-3 border-ink bg-night text-[8px]"
          />
          <Input
            id={ids.image}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={onFileChosen}
            // The picker's own button in the console-button look of the rest of the form.
            className="min-w-0 flex-1 cursor-pointer text-sm file:mr-3 file:cursor-pointer file:border-2 file:border-ink file:bg-nes-yellow file:px-2 file:py-1 file:font-pixel file:text-[10px] file:text-ink file:uppercase"
            aria-describedby={describedBy(ids.image, { hint: imageHint, error: errors.imageUrl?.message })}
          />
        </div>
        {upload.isPending ? (
          <Spinner label="Uploading image" className="flex-row justify-start gap-3 py-0" />
        ) : null}
      </FormField>
      <FormField id={ids.description} label="Description" error={errors.description?.message}>
        <Textarea
          id={ids.description}
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(ids.description, { error: errors.description?.message })}
          {...form.register("description")}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="green" disabled={update.isPending || upload.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
