"""What GNOME Calendar's import sees in an .ics file: the file parsed by libical through libical-glib, as its
importer does (gcal-importer.c: i_cal_parser_parse_string; gcal-import-file-row.c: the first real component, then
each VEVENT), written out as JSON for test/support/libical.ts. Needs Debian's python3-gi and gir1.2-ical-3.0."""
import json
import sys

import gi

gi.require_version('ICalGLib', '3.0')
from gi.repository import ICalGLib  # noqa: E402


def main(path):
    with open(path, encoding='utf-8') as file:
        calendar = ICalGLib.Parser.parse_string(file.read())
    if calendar is None:
        raise SystemExit('libical could not parse the file')
    events = []
    event = calendar.get_first_real_component()
    while event is not None:
        events.append({
            'uid': event.get_uid(),
            'sequence': event.get_sequence(),
            'status': ICalGLib.Property.status_to_string(event.get_status()),
            'start': event.get_dtstart().as_ical_string(),
            'summary': event.get_summary(),
        })
        event = calendar.get_next_component(ICalGLib.ComponentKind.VEVENT_COMPONENT)
    method = calendar.get_method()
    print(json.dumps({
        'method': ICalGLib.Property.method_to_string(method),
        'events': events,
    }))


main(sys.argv[1])
