// Test papers (/manage/exam/testpaper): building, checking and approving papers, and the draw the exam
// server uses for each candidate (`drawPaper`, `approvedPaper`).
export { approvedPaper, drawPaper } from './draw.ts';
