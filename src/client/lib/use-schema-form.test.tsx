// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FieldErrors, type SchemaForm, useSchemaForm, type Validation } from "./use-schema-form";

type Values = { name: string; code: string; agreed: boolean };
type Output = { name: string; code: string };

const EMPTY: Values = { name: "", code: "", agreed: false };

/** A small stand-in for a schema: a name of 3+ letters, a code of digits, the box ticked. */
async function validate(values: Values): Promise<Validation<Values, Output>> {
  const errors: FieldErrors<Values> = {};
  if (values.name.trim().length < 3) errors.name = "Name too short";
  if (!/^\d+$/.test(values.code)) errors.code = "Digits only";
  if (!values.agreed) errors.agreed = "Please agree";
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, data: { name: values.name.trim(), code: values.code } };
}

let form: SchemaForm<Values, Output>;

function TestForm({
  onValid = () => {},
  onInvalid,
  check = validate,
}: {
  onValid?: (data: Output) => void | Promise<void>;
  onInvalid?: (errors: FieldErrors<Values>) => void;
  check?: typeof validate;
}) {
  form = useSchemaForm({ initialValues: EMPTY, validate: check });
  return (
    <form {...form.formProps} noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
      {/* The code comes first on the page, though the schema lists it second. */}
      <input
        aria-label="Code"
        aria-invalid={form.errors.code ? true : undefined}
        {...form.textField("code")}
      />
      <input aria-label="Name" {...form.textField("name")} />
      <input
        type="checkbox"
        aria-label="Agreed"
        name="agreed"
        checked={form.values.agreed}
        onChange={(event) => form.setValue("agreed", event.target.checked)}
      />
      <button type="submit">{form.submitting ? "Sending" : "Send"}</button>
    </form>
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByRole("button").closest("form") as HTMLFormElement);
  });
}

/** Lets a re-check (an awaited validation) finish. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(cleanup);

describe("useSchemaForm", () => {
  it("shows no message before the first submit, however wrong the values", async () => {
    const check = vi.fn(validate);
    render(<TestForm check={check} />);
    type("Name", "x");
    await settle();
    expect(form.values.name).toBe("x");
    expect(form.errors).toEqual({});
    expect(check).not.toHaveBeenCalled();
  });

  it("checks everything on submit, shows every message and focuses the first wrong field on the page", async () => {
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    render(<TestForm onValid={onValid} onInvalid={onInvalid} />);
    type("Name", "Al");
    await submit();
    expect(form.errors).toEqual({ name: "Name too short", code: "Digits only", agreed: "Please agree" });
    expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Code"));
    expect(onInvalid).toHaveBeenCalledWith(form.errors);
    expect(onValid).not.toHaveBeenCalled();
  });

  it("after a submit, re-checks the changed field only, so its message goes once it is fixed", async () => {
    render(<TestForm />);
    await submit();
    type("Code", "42");
    await settle();
    expect(form.errors).toEqual({ name: "Name too short", agreed: "Please agree" });
    act(() => screen.getByLabelText("Agreed").click());
    await settle();
    expect(form.values.agreed).toBe(true);
    expect(form.errors).toEqual({ name: "Name too short" });
    type("Code", "4x");
    await settle();
    expect(form.errors.code).toBe("Digits only");
  });

  it("drops a re-check that a later change of the same field has overtaken", async () => {
    // The first check of the code answers last, as a slow one might.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const check = async (values: Values) => {
      calls += 1;
      if (calls === 2) await gate;
      return validate(values);
    };
    render(<TestForm check={check} />);
    await submit();
    type("Code", "4x");
    type("Code", "42");
    await settle();
    expect(form.errors.code).toBeUndefined();
    release();
    await settle();
    expect(form.errors.code).toBeUndefined();
  });

  it("hands the schema's output to onValid, is submitting meanwhile and ignores a second submit", async () => {
    let finish: () => void = () => {};
    const onValid = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<TestForm onValid={onValid} />);
    type("Name", "  Alice  ");
    type("Code", "7");
    act(() => screen.getByLabelText("Agreed").click());
    await submit();
    expect(onValid).toHaveBeenCalledWith({ name: "Alice", code: "7" });
    expect(form.submitting).toBe(true);
    expect(screen.getByRole("button").textContent).toBe("Sending");
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(form.submitting).toBe(false);
    expect(form.errors).toEqual({});
  });

  it("sets a server's message on a field by name and focuses it", async () => {
    render(<TestForm />);
    act(() => form.setError("name", "Name taken"));
    expect(form.errors.name).toBe("Name taken");
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("focuses a field by name", () => {
    render(<TestForm />);
    act(() => form.focus("code"));
    expect(document.activeElement).toBe(screen.getByLabelText("Code"));
  });

  it("marks the fields the visitor has left as touched", () => {
    render(<TestForm />);
    fireEvent.focus(screen.getByLabelText("Name"));
    expect(form.touched).toEqual({});
    fireEvent.blur(screen.getByLabelText("Name"));
    expect(form.touched).toEqual({ name: true });
  });

  it("resets to the initial values, with no messages and no re-checks until the next submit", async () => {
    const check = vi.fn(validate);
    render(<TestForm check={check} />);
    type("Name", "Al");
    await submit();
    fireEvent.blur(screen.getByLabelText("Name"));
    act(() => form.reset());
    expect(form.values).toEqual(EMPTY);
    expect(form.errors).toEqual({});
    expect(form.touched).toEqual({});
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    check.mockClear();
    type("Name", "x");
    await settle();
    expect(check).not.toHaveBeenCalled();
    expect(form.errors).toEqual({});
  });
});
