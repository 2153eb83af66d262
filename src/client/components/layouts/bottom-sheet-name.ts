// Which of the bottom bar's sheets is open. Its own file: the bar loads the sheets and the sheets take this type,
// so neither may import the other (no import cycles, decision 0028).
export type BottomSheetName = 'create' | 'you' | null;
