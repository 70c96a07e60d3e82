import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { errorDetail } from "@/client/lib/api-client";
import { toast } from "@/client/lib/use-toast";
import { useUploadImage } from "@/client/lib/use-upload-image";
import type { FreeSubmissionFormValues } from "@/common/submission";
import { checkImageFile, IMAGE_ACCEPT, SITE_IMAGE_PATH } from "@/common/submission-rules";

const ID = "submission-image";
const HINT_ID = `${ID}-hint`;
const ERROR_ID = `${ID}-error`;
const URL_ID = `${ID}-url`;

export interface ImageFieldProps {
  /** Told when an upload starts and ends, so the form can hold its submit button meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * The headline's image: a file uploaded here or a link to one elsewhere, kept in the one form value
 * `imageUrl`. An uploaded image is an /api/images/... address, which is how the field knows to show the
 * preview instead of the chooser and the URL box.
 */
export function ImageField({ onUploadingChange }: ImageFieldProps) {
  const { control } = useFormContext<FreeSubmissionFormValues>();
  const { field, fieldState } = useController({ control, name: "imageUrl" });
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Where the focus goes after the view switches (the button that had it is gone or was disabled).
  const [focusNext, setFocusNext] = useState<"remove" | "choose" | null>(null);
  const value = field.value ?? "";
  const uploaded = SITE_IMAGE_PATH.test(value);
  const error = fieldState.error?.message ?? fileProblem ?? undefined;

  useEffect(() => {
    onUploadingChange?.(upload.isPending);
  }, [upload.isPending, onUploadingChange]);

  useEffect(() => {
    if (focusNext === "remove") removeButton.current?.focus();
    if (focusNext === "choose") chooseButton.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) still counts as a change.
    event.target.value = "";
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setFileProblem(problem.message);
      toast({ variant: "destructive", title: problem.toastTitle, description: problem.toastDescription });
      return;
    }
    setFileProblem(null);
    upload.mutate(file, {
      onSuccess: ({ imageUrl }) => {
        field.onChange(imageUrl);
        setFocusNext("remove");
        toast({ title: "Image uploaded", description: "Token image has been uploaded successfully." });
      },
      onError: (uploadError) => {
        setFocusNext("choose");
        toast({
          variant: "destructive",
          title: "Upload failed",
          description: errorDetail(uploadError, "Failed to upload image"),
        });
      },
    });
  }

  function removeImage() {
    field.onChange("");
    setFocusNext("choose");
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={error ? ERROR_ID : undefined}>
      <legend className="mb-2 font-pixel text-[10px] uppercase leading-relaxed sm:text-xs">Image</legend>
      <p id={HINT_ID} className="-mt-1 text-sm text-ink-soft">
        Upload a JPG, PNG, WebP or GIF of 5 MB at most, or paste a link to an image.
      </p>

      {uploaded ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <img
            src={value}
            alt="Preview of your upload"
            width={160}
            height={160}
            className="aspect-square w-40 border-3 border-ink bg-paper object-cover shadow-pixel-sm"
          />
          <Button ref={removeButton} variant="secondary" onClick={removeImage} className="w-full sm:w-auto">
            Remove Image
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              ref={chooseButton}
              variant="blue"
              onClick={() => fileInput.current?.click()}
              disabled={upload.isPending}
              aria-describedby={HINT_ID}
              className="w-full sm:w-auto"
            >
              {upload.isPending ? "Uploading..." : "Upload Image"}
            </Button>
            {/* The chooser itself stays hidden: the button above is its visible, labelled face. */}
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={onFileChosen}
              hidden
              tabIndex={-1}
              data-testid="image-file-input"
            />
            {upload.isPending ? (
              <Spinner label="Uploading image" className="flex-row justify-start gap-3 py-0" />
            ) : null}
          </div>
          <p aria-hidden="true" className="font-pixel text-[10px] uppercase text-ink-soft">
            — or —
          </p>
          <div className="flex flex-col gap-2">
            <Label htmlFor={URL_ID}>Image URL</Label>
            <Input
              id={URL_ID}
              ref={field.ref}
              name={field.name}
              value={value}
              onChange={(event) => {
                setFileProblem(null);
                field.onChange(event);
              }}
              onBlur={field.onBlur}
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder="https://..."
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={[HINT_ID, error ? ERROR_ID : null].filter(Boolean).join(" ")}
            />
          </div>
        </>
      )}

      {error ? (
        <p id={ERROR_ID} role="alert" className="border-l-4 border-nes-red pl-2 text-sm font-bold">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
