from rest_framework import serializers

from .models import Product


class ProductSerializer(serializers.ModelSerializer):
    class Meta:
        model = Product
        fields = ["id", "name", "category", "price", "stock", "active", "released"]

    def validate(self, attrs):
        # A rule on two fields, so a failure lands in non_field_errors.
        category = attrs.get("category", getattr(self.instance, "category", None))
        stock = attrs.get("stock", getattr(self.instance, "stock", None))
        if category == "discontinued" and stock:
            raise serializers.ValidationError("A discontinued product cannot have stock.")
        return attrs
