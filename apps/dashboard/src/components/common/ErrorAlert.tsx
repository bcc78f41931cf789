// A refusal or failure in words, announced to screen readers; nothing when there is none.
export function ErrorAlert({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}
