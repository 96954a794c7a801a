"""Starts the fixture project on 127.0.0.1, port chosen by the OS, and prints `PORT <n>`.

Run with Debian's Python (python3-djangorestframework, python3-django-filters). The database
is in memory: migrated and seeded from seed.json at every start.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ["DJANGO_SETTINGS_MODULE"] = "settings"

try:
    import django
    import django_filters  # noqa: F401
    import rest_framework  # noqa: F401
except ImportError as error:
    print(
        "MISSING %s: install the Debian packages python3-djangorestframework "
        "python3-django-filters" % error.name,
        file=sys.stderr,
        flush=True,
    )
    sys.exit(3)

from wsgiref.simple_server import WSGIRequestHandler, make_server

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.utils.dateparse import parse_datetime  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from shop.models import Product  # noqa: E402


def seed():
    call_command("migrate", run_syncdb=True, verbosity=0)
    with open(os.path.join(HERE, "seed.json"), encoding="utf-8") as f:
        data = json.load(f)
    User.objects.create_user(**data["user"])
    for row in data["products"]:
        released = row.get("released")
        Product.objects.create(**{**row, "released": released and parse_datetime(released)})


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):
        pass


seed()
server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=QuietHandler)
print("PORT %d" % server.server_port, flush=True)
server.serve_forever()
