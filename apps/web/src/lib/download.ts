/** Hands the browser a file made here (a CSV built from loaded rows) to save under `fileName`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once this task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
