// Copy buttons for values shown once (a new API key, a new signing secret): a
// button with data-copy="<id of the input>" copies that input's value. The
// buttons are hidden without JavaScript, where the value is selected by hand.
(function () {
  'use strict';
  function copy(button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    if (!field) return;
    var done = function () {
      button.textContent = 'Copied';
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        field.select();
      });
    } else {
      field.select();
      if (document.execCommand('copy')) done();
    }
  }
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      copy(button);
    });
  });
})();
