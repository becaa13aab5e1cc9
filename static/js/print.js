// The print view's Print button (a script file: the site's pages run no inline scripts).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () {
    window.print();
  });
});
