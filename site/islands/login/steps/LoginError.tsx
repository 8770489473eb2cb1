/** The refusal a step shows above its fields, read out at once. */
export function LoginError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="login-error" role="alert">
      {message}
    </p>
  );
}
