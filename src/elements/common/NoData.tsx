/** §2 "Other widgets": the no-data placeholder shown wherever a list can be empty. */
export function NoData({ text }: { text: string }) {
  return (
    <p className="ph-no-data" role="status">
      {text}
    </p>
  );
}
