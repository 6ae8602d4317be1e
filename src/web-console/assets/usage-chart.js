// The usage chart: books and credits per day per key, drawn with uPlot from the
// rows of the usage table (the same figures, which is what works without
// JavaScript and what screen readers read; the chart itself is aria-hidden).
(function () {
  'use strict';
  var container = document.getElementById('usage-chart');
  if (!container || typeof uPlot === 'undefined') return;
  var table = document.getElementById(container.getAttribute('data-table'));
  var rows = table ? Array.prototype.slice.call(table.querySelectorAll('tbody tr[data-day]')) : [];
  if (rows.length === 0) return;

  var days = [];
  var keys = [];
  var figures = {};
  rows.forEach(function (row) {
    var day = row.getAttribute('data-day');
    var key = row.getAttribute('data-key');
    if (days.indexOf(day) < 0) days.push(day);
    if (keys.indexOf(key) < 0) keys.push(key);
    figures[day + '\n' + key] = {
      books: Number(row.getAttribute('data-books')),
      credits: Number(row.getAttribute('data-credits')),
    };
  });
  days.sort();
  var xs = days.map(function (day) {
    return Date.parse(day + 'T00:00:00Z') / 1000;
  });
  var palette = ['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'];

  function plot(title, field) {
    var data = [xs].concat(
      keys.map(function (key) {
        return days.map(function (day) {
          var figure = figures[day + '\n' + key];
          return figure ? figure[field] : 0;
        });
      }),
    );
    var series = [{}].concat(
      keys.map(function (key, index) {
        return { label: key, stroke: palette[index % palette.length], width: 2, points: { show: true } };
      }),
    );
    var element = document.createElement('div');
    container.appendChild(element);
    var width = Math.max(280, container.clientWidth || 600);
    return new uPlot(
      {
        title: title,
        width: width,
        height: 220,
        series: series,
        scales: {
          x: {
            time: true,
            // One day of data would otherwise be spread over years of axis: half a day either side of each end.
            range: function (_chart, min, max) {
              return [min - 43200, max + 43200];
            },
          },
        },
        axes: [{}, { label: title }],
      },
      data,
      element,
    );
  }

  var charts = [plot('Books per day', 'books'), plot('Credits used per day', 'credits')];
  window.addEventListener('resize', function () {
    var width = Math.max(280, container.clientWidth || 600);
    charts.forEach(function (chart) {
      chart.setSize({ width: width, height: 220 });
    });
  });
})();
