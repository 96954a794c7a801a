from django.core.validators import MinValueValidator
from django.db import models


class Product(models.Model):
    name = models.CharField(max_length=100)
    category = models.CharField(max_length=30)
    price = models.FloatField(validators=[MinValueValidator(0)])
    stock = models.IntegerField(null=True, blank=True)
    active = models.BooleanField(default=True)
    released = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "shop"
        ordering = ["id"]
