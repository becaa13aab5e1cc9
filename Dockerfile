FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .
# Static files are collected at build time so whitenoise can serve compressed, hashed copies.
RUN DJANGO_SECRET_KEY=build-only-collectstatic python manage.py collectstatic --no-input

RUN useradd --system --uid 1000 armybuilder && chown -R armybuilder /app
USER armybuilder
EXPOSE 8000
CMD ["gunicorn", "armybuilder.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
