from rest_framework import viewsets
from rest_framework.pagination import LimitOffsetPagination

from .models import Product
from .serializers import ProductSerializer


class ProductViewSet(viewsets.ModelViewSet):
    queryset = Product.objects.all()
    serializer_class = ProductSerializer
    # The lookups the djangoRest dialect sends; an undeclared one is silently ignored.
    filterset_fields = {
        "name": ["exact", "iexact", "contains", "icontains", "startswith", "istartswith",
                 "endswith", "iendswith", "in"],
        "category": ["exact", "in"],
        "price": ["exact", "gt", "gte", "lt", "lte", "range", "in"],
        "stock": ["exact", "gt", "gte", "lt", "lte", "range", "in", "isnull"],
        "active": ["exact"],
        "released": ["exact", "gt", "gte", "lt", "lte", "range", "isnull", "year"],
    }
    search_fields = ["name", "category"]
    ordering_fields = ["id", "name", "category", "price", "stock", "released"]


class LimitOffsetProductViewSet(ProductViewSet):
    pagination_class = LimitOffsetPagination
