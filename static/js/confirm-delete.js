// Delete links ask in a dialog on this page; without JavaScript (or <dialog>) they open
// the confirmation page instead, which asks the same question.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-confirm-title]");
  const dialog = document.getElementById("confirm-delete");
  if (!link || !dialog || typeof dialog.showModal !== "function") {
    return;
  }
  event.preventDefault();
  dialog.querySelector("form").action = link.href;
  dialog.querySelector("h2").textContent = link.dataset.confirmTitle;
  dialog.showModal();
});

document.addEventListener("click", (event) => {
  const cancel = event.target.closest("#confirm-delete [data-cancel]");
  if (cancel) {
    cancel.closest("dialog").close();
  }
});
